from .user import User, UserSession, ApiToken, RecoveryCode, SecurityEvent, OidcLogin, PasswordReset, SignInChallenge, OidcIdentity
from .module import Module, SkeletonRule, Membership, Brand, Deliverable, Invitation
from .content import (Article, VaultFile, FileVersion, Reference, Comment, CommentAttachment, CustomField,
                      PicklistOption, CustomValue, Report, Metric, CloneConfig, FeedEntry)
from .search import SearchDoc, SearchWord
from .planning import Baseline, BaselineDate, PortalPlanning, Recurrence, Relation
from .views import CalendarFeed, SavedView
from .effort import EffortPlan, EffortSettings, TimeActivity, TimeEntry, Timer, Timesheet
from .imports import ImportJob, ImportMap
from .events import (Event, EventCursor, Watch, CommentMention, Notification, NotificationPreference, Webhook,
                     WebhookDelivery, WebhookAttempt, LiveSubscriber, MailState)

# Tables whose rows belong to one module: deleted (and cloned) with it. (search_doc is derived from them: its
# triggers keep it, see models/search.py.)
MODULE_OWNED = [FeedEntry, Membership, Brand, Deliverable, Invitation, Article, FileVersion, VaultFile, Reference,
                Comment, CustomValue, Metric, Report, CloneConfig, CustomField]
# Watches, mentions, comment attachments, webhooks, relations, planning settings, baselines, recurrences, time
# entries, timers, timesheets, effort settings and plans, import jobs and maps go with
# their module by the database's ON DELETE CASCADE.

__all__ = ["User", "UserSession", "ApiToken", "RecoveryCode", "SecurityEvent", "OidcLogin", "PasswordReset", "SignInChallenge", "OidcIdentity", "Module", "SkeletonRule", "Membership", "Brand",
           "Deliverable", "Invitation", "Article", "VaultFile", "FileVersion", "Reference", "Comment", "CustomField",
           "CommentAttachment", "PicklistOption", "CustomValue", "Report", "Metric", "CloneConfig", "FeedEntry",
           "SearchDoc", "SearchWord", "Relation", "PortalPlanning", "Baseline", "BaselineDate",
           "Recurrence", "CalendarFeed", "SavedView", "TimeActivity", "TimeEntry", "Timer", "Timesheet",
           "EffortSettings", "EffortPlan", "ImportJob", "ImportMap", "MODULE_OWNED",
           "Event", "EventCursor", "Watch", "CommentMention", "Notification", "NotificationPreference", "Webhook",
           "WebhookDelivery", "WebhookAttempt", "LiveSubscriber", "MailState"]
