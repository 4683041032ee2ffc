export { changedFields } from './changed-fields.ts';
export { documentOfFile } from './document-of-file.ts';
export {
  centreDocument,
  describeChange,
  type EditableDocument,
  faqDocument,
  formFields,
  listInWords,
  programmeDocument,
  programmePictureFile,
} from './documents.ts';
export {
  type ChangedFile,
  type ContentCheck,
  type EditInput,
  type EditOutcome,
  type EnglishEdit,
  editContent,
  errorsAdded,
  upToDateField,
} from './edit.ts';
export {
  blankEnglishProgramme,
  englishCentreDocument,
  englishFaqDocument,
  englishProgrammeDocument,
} from './english-documents.ts';
export { englishCheckMessage } from './english-messages.ts';
export { newProgrammeFiles } from './new-programme.ts';
export {
  listDepartments,
  listProgrammes,
  nextProgrammeOrder,
  takenProgrammeAddresses,
} from './programme-list.ts';
export { YamlText } from './yaml-text.ts';
