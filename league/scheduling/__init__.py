"""Pure-Python scheduling: round robin, matchmaking and elimination brackets.

Nothing here touches the database; ``league.services`` feeds these functions
plain ids and stores what they return.
"""
