"""The league's calendar: one league date, fight nights drawn from who is fit,
and "play until" jobs that fight a league's nights back to back.

Plain-Python cores (``fitness``, ``drawing``, ``dates``) and thin database
bridges (``models``, ``selectors``, ``nights``, ``runner``, ``jobs``).
"""
