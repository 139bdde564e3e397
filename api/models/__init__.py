from .user import User, RevokedToken, PasswordReset
from .module import Module, SkeletonRule, Membership, Brand, Deliverable, Invitation
from .content import (Article, VaultFile, FileVersion, Reference, Comment, CustomField, PicklistOption, CustomValue,
                      Report, Metric, CloneConfig, FeedEntry)

# Tables whose rows belong to one module: deleted (and cloned) with it.
MODULE_OWNED = [FeedEntry, Membership, Brand, Deliverable, Invitation, Article, FileVersion, VaultFile, Reference,
                Comment, CustomValue, Metric, Report, CloneConfig, CustomField]

__all__ = ["User", "RevokedToken", "PasswordReset", "Module", "SkeletonRule", "Membership", "Brand",
           "Deliverable", "Invitation", "Article", "VaultFile", "FileVersion", "Reference", "Comment", "CustomField",
           "PicklistOption", "CustomValue", "Report", "Metric", "CloneConfig", "FeedEntry", "MODULE_OWNED"]
