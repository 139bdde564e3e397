/** The DataTable's 'Export CSV' button: every row as the table has them (all pages), saved as a .csv file. */
import { useState } from 'react';
import { csvFileName, downloadCsv } from '../../lib/csv.js';
import { errorMessage } from '../../lib/errors.js';
import { t } from '../../lib/i18n.js';
import { csvOfRows, rowsToExport } from './exportCsv.js';

/** `name`: what the file holds ('tasks', ['tasks', portal.name]); the day is added: tasks-x-2026-11-25.csv. */
export default function ExportButton({ table, server, columns, name }) {
  const [state, setState] = useState({ busy: false, error: null });
  const run = async () => {
    setState({ busy: true, error: null });
    try {
      const rows = await rowsToExport(table, server);
      downloadCsv(csvFileName(name), csvOfRows(columns, rows));
      setState({ busy: false, error: null });
    } catch (err) {
      setState({ busy: false, error: errorMessage(err) });
    }
  };
  return (
    <>
      <button type="button" className="btn btn--small dt__export" onClick={run} disabled={state.busy} data-testid="dt-export"
        aria-busy={state.busy || undefined}>
        {state.busy ? t('components.exporting') : t('components.exportCsv')}
      </button>
      {state.error && <span className="form__error dt__export-error" role="alert" data-testid="dt-export-error">{state.error}</span>}
    </>
  );
}
