"""Serving a built site: the nginx configuration the tests run, and the one to copy to a host."""
