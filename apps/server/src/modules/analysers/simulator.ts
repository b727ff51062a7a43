// What the analyser simulator (cli/analyser-send.ts) and the tests send: a sample message file made
// ready for the wire, with a real container's accession number in OBR-3 and a control id of its own
// in MSH-10 (an analyser numbers each message; the listener takes a repeated id as a duplicate).
import { randomBytes } from 'node:crypto';

export interface PrepareOptions {
  /** put into OBR-3 (the container's barcode) */
  accession?: string;
  /** MSH-10; a fresh one when left out */
  controlId?: string;
  /** PID-5, as "Family^Given" */
  patientName?: string;
}

export const freshControlId = () => `SIM${Date.now().toString(36).toUpperCase()}${randomBytes(3).toString('hex').toUpperCase()}`;

/** the file's segments (one a line) as HL7 wants them (separated by CR), with the options put in */
export function prepareMessage(text: string, options: PrepareOptions = {}): string {
  const controlId = options.controlId ?? freshControlId();
  return text
    .split(/\r\n|\r|\n/)
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const fields = line.split('|');
      if (fields[0] === 'MSH') fields[9] = controlId;
      if (fields[0] === 'OBR' && options.accession) fields[3] = options.accession;
      if (fields[0] === 'PID' && options.patientName) fields[5] = options.patientName;
      return fields.join('|');
    })
    .join('\r');
}
