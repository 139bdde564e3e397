"""The signed-in user's account security: password, sessions, API tokens, two-factor sign-in, security log."""
