import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repositoryContent = fileURLToPath(new URL('../../../content', import.meta.url));

/**
 * Fills in a content folder, in place, as the centre will have filled it in: its name, Soudure's
 * documents (in both languages), fees, instalments, intakes and daytime hours, Froid et
 * climatisation's hours, fees and documents (in French only), the WhatsApp number, the opening
 * hours, the approval's end and the callback delay. The folder is a copy of content/ or the smaller fixture (content-fixture): both hold
 * Soudure and the centre's details. Returns the folder.
 */
export function fillContent(directory: string): string {
  const edit = (file: string, change: (text: string) => string) =>
    writeFileSync(path.join(directory, file), change(readFileSync(path.join(directory, file), 'utf8')));
  edit('formations/soudure.md', (text) =>
    text.replace(
      /^confirmed: (true|false)$/m,
      [
        '$&',
        'intakes: ["2099-01-11", "2099-10-04"]',
        'enrolmentDocuments: ["Copie de l’acte de naissance", "Copie du dernier diplôme", "Deux photos d’identité"]',
        'fees: { registration: 25000, tuition: 350000, instalments: 3 }',
        'scheduleHours: { jour: { days: [lundi, mardi, mercredi, jeudi, vendredi], from: "08:00", to: "12:00" } }',
      ].join('\n'),
    ),
  );
  // Froid et climatisation: facts given in French only, its documents not translated yet.
  edit('formations/froid-climatisation.md', (text) =>
    text.replace(
      /^confirmed: (true|false)$/m,
      [
        '$&',
        'enrolmentDocuments: ["Copie de la carte nationale d’identité", "Certificat de scolarité"]',
        'fees: { tuition: 400000, instalments: 4 }',
        'scheduleHours:',
        '  jour: { days: [lundi, mardi, mercredi, jeudi, vendredi], from: "07:30", to: "12:30" }',
        '  soir: { days: [lundi, mercredi, vendredi], from: "17:30", to: "20:00" }',
      ].join('\n'),
    ),
  );
  edit('en/formations/soudure.md', (text) =>
    text.replace(
      /^slug: "welding"$/m,
      [
        '$&',
        'enrolmentDocuments: ["A copy of your birth certificate", "A copy of your latest diploma", "Two passport photos"]',
      ].join('\n'),
    ),
  );
  edit('centre.yaml', (text) =>
    text
      .replace(/^name: .*$/m, 'name: "Centre de formation professionnelle de Nkoabang"')
      .replace(/^shortName: .*$/m, 'shortName: "CFP Nkoabang"')
      .replace(/^(whatsapp:\n\s+number: ).*$/m, '$1"+237699000001"')
      .replace(/^callbackDelay: .*$/m, 'callbackDelay: "sous deux jours ouvrables"')
      .replace(
        /^openingHours: .*$/m,
        'openingHours:\n  - { days: [lundi, mardi, mercredi, jeudi, vendredi], from: "08:00", to: "18:00" }\n  - { days: [samedi], from: "08:00", to: "13:00" }',
      )
      .replace(/^( {2}validUntil: ).*$/m, '$1"2028-12-31"'),
  );
  edit('en/centre.yaml', (text) => text.replace(/^callbackDelay: .*$/m, 'callbackDelay: "within two working days"'));
  return directory;
}

/**
 * A copy of the whole content/, filled in (`fillContent`). Written into `directory` (a new
 * temporary one unless given: the caller removes it).
 */
export function filledContent(directory = mkdtempSync(path.join(tmpdir(), 'cfp-filled-content-'))): string {
  cpSync(repositoryContent, directory, { recursive: true });
  return fillContent(directory);
}
