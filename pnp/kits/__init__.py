"""Per-game kit recipes: which components a game's kit holds, built from its model.

A recipe maps the model and the language catalog onto the generic renderers in
``pnp.components`` and returns ``ComponentRun`` values for ``pnp.kit`` to assemble.
"""
