// The rule engine: conditions and expressions in a text form and a document form, decision graphs checked
// and compiled into closures. Pure: used by the server (packages) and the canvas (its test panel).
export * from './types.ts';
export { parseCell, parseCondition, parseExpression, type Parsed } from './parser.ts';
export { OPERATOR_TEXT, printCell, printCondition, printExpression, withoutSpans } from './print.ts';
export { checkCondition, checkExpr, FUNCTION_NAMES, variablesOf, type Scope } from './expressions.ts';
export { checkGraph, compileGraph, ELSE, type Compilation, type CompiledGraph, type EvaluateOptions } from './graph.ts';
export { isDecisionGraph, LIMITS, shapeIssue } from './shape.ts';
export { message, typeWords } from './messages.ts';
