/** Operator commands (accounts, keys, senders, ...): the same use cases as /admin/v1. */
export const ADMIN_USAGE = '';
export const ADMIN_COMMANDS: Record<string, (args: string[]) => Promise<number>> = {};
