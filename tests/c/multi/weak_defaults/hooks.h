extern int hook_calls;
