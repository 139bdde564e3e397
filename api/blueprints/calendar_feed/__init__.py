"""Calendar feeds (issue 44): the signed-in user's iCal subscriptions, and the feeds themselves."""
