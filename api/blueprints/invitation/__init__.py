"""Invitations (spec §7 Deliverable and members): invite a colleague by e-mail, what a link stands for, accept it"""
