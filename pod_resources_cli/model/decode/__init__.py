"""Plain data -> model, collecting problems instead of raising."""
