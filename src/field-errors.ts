export type FieldErrors = Record<string, string>;
