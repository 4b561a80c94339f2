/** The deployment's own tables (0031, decision 077): the clinics it serves and the host names that reach each. */

export interface ClinicTable {
  /** Chosen by the operator (`npm run clinic -- add`): lower-case letters, digits and '-'; 'default' for the first. */
  id: string;
  /** The operator's name for it (the clinic's own name for patients stays its setting); null for 'default'. */
  name: string | null;
  created_at: string;
  /** Disabled by the operator: its hosts answer "closed", its data is kept. */
  disabled_at: string | null;
}

export interface ClinicHostTable {
  /** A host name as the browser sends it, lower-case, without port. */
  host: string;
  clinic_id: string;
}
