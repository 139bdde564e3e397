"""Reports (spec §7 Reports): the dashboard of metric panels of a module and the data of each panel."""
