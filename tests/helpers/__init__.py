"""Shared test helpers: board diagrams for each game and toy games for the AI and Match tests."""
