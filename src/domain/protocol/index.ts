// Treatment protocols (issue 12), shared by the server (server/services/protocols.ts) and the protocol editor.
// Exported names (kept stable: the editor imports them):
//   ProtocolDraft, ProtocolLine         a protocol or line as the editor holds it (fields may be missing)
//   checkProtocol(protocol)             spec section 5's rules → ProtocolProblem[] {path (JSON pointer), key, params?}
//   protocolProblemMessage(problem, lang)  a problem's message in a language
//   automaticTitle(protocol, lang?)     "Carboplatin AUC 5 + Paclitaxel 175 mg/m² q21d ×6" ('' without drugs)
//   protocolChanges(published, draft)   the change warnings beyond change_warning_percent → ProtocolChange[]
//   changeFieldText(change, lang)       what changed, worded ("dose of Carboplatin")
//   protocolToFhir(protocol)            → { bundle (FHIR R4 Bundle), notes }
//   protocolFromFhir(bundle)            → { ok: true, protocol, notes } | { ok: false, details }
//   isMedicine, MASS_UNITS, unitText, DEFAULT_CHANGE_WARNING_PERCENT, PROTOCOL_EXTENSIONS
export { DEFAULT_CHANGE_WARNING_PERCENT, isMedicine, MASS_UNITS, type ProtocolDraft, type ProtocolLine, unitText } from './document';
export { checkProtocol, type ProtocolProblem, protocolProblemMessage } from './check';
export { automaticTitle } from './title';
export { changeFieldText, type ProtocolChange, protocolChanges } from './changes';
export { type FhirBundle, type FhirImport, PROTOCOL_EXTENSIONS, protocolFromFhir, protocolToFhir } from './fhir';
