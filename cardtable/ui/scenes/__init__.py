"""ui/scenes"""
