"""Training the learned evaluation: positions with exact results from the solver and the
books, and the network trained on them (PyTorch, the ``train`` extra).

Run ``python -m fourinarow.training --help`` for the commands; the manual's "Training the
evaluation" page says how the shipped networks were made.
"""
