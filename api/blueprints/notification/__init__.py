"""notification"""
