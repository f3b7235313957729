/**
 * JSON as the sandbox reads and writes it: its own file, so the errors (which every module
 * throws) need nothing of types.ts, which names the behaviours, which throw errors.
 */
export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };
