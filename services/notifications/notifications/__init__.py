"""The staff's live notification socket and the bell's history."""
