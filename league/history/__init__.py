"""A league's history: awards, the record book and the hall of fame
(docs/history.md). Pure cores (``awards``, ``records``) and thin bridges."""
