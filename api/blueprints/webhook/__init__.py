"""webhook"""
