// The contract's annotation keywords (schemas/README.md). Declared so ajv's strict mode accepts them;
// they carry labels and UI hints, never validation.
export const ANNOTATION_KEYWORDS = ['x-label', 'x-enum-labels', 'x-ui', 'x-ref', 'x-secret', 'x-decision', 'tsType'] as const;
