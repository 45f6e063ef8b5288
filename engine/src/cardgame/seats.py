"""Seats and sides for any game: seats are numbered 0…n-1 in the order of play, and a side is
the seats that score together."""

from __future__ import annotations


def partnerships(players: int, sides: int) -> tuple[int, ...]:
    """The side of each seat: with as many sides as players each plays alone; with fewer,
    partners sit so that the sides alternate round the table (four players: 0 and 2 against 1
    and 3; six: 0, 2 and 4 against 1, 3 and 5)."""
    if sides == players:
        return tuple(range(players))
    return tuple(seat % sides for seat in range(players))


def next_seat(seat: int, players: int) -> int:
    """The seat after ``seat`` in the order of play."""
    return (seat + 1) % players


def is_seat(value: object, players: int) -> bool:
    """Whether ``value`` names a seat: a whole number (not True or 1.0) from 0 to players-1."""
    return type(value) is int and 0 <= value < players
