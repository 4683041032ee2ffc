export { centreDocument, type EditableDocument, faqDocument, formFields, programmeDocument } from './documents.ts';
export { type EditInput, type EditOutcome, editContent } from './edit.ts';
export { listProgrammes } from './programme-list.ts';
export { YamlText } from './yaml-text.ts';
