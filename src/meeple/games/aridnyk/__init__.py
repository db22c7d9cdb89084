"""Aridnyk: shepherds, Carpathian spirits, tile laying, Plots and Trinkets."""
