export { changedFields } from './changed-fields.ts';
export { documentOfFile } from './document-of-file.ts';
export {
  centreDocument,
  type EditableDocument,
  faqDocument,
  listInWords,
  programmeDocument,
  programmePictureFile,
} from './documents.ts';
export {
  type ContentCheck,
  type EditOutcome,
  editContent,
  errorsAdded,
} from './edit.ts';
export {
  blankEnglishProgramme,
  englishCentreDocument,
  englishFaqDocument,
  englishProgrammeDocument,
} from './english-documents.ts';
export { newProgrammeFiles } from './new-programme.ts';
export {
  listDepartments,
  listProgrammes,
  nextProgrammeOrder,
  takenProgrammeAddresses,
} from './programme-list.ts';
export { YamlText } from './yaml-text.ts';
