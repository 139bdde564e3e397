"""feed"""
