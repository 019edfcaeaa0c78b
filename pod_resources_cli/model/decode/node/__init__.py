"""Node descriptions in every accepted form -> model.node.NodeDescription."""
