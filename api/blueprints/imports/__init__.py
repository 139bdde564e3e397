"""imports"""
