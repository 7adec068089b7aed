"""ui/render"""
