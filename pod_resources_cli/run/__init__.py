"""One command's work, from inputs to a result: nothing printed here.

Each module strings the layers together for one command: it reads inputs
(source/), decodes them (model/), stores and computes (kube/, analysis/) or
lints them (lint/), and hands the CLI a result it renders (render/) and
maps to an exit code. Warnings met on the way reach the caller through a
callback, so this package never writes to a terminal.
"""
