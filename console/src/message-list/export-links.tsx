import { query } from '../api.ts';

/**
 * Export CSV / Export JSON of the search shown: plain links to the operator API's export, which
 * the browser saves under the file name the gateway gives. The session cookie goes with them
 * (same origin); a GET needs no CSRF token.
 */
export function ExportLinks({ search }: { search: Record<string, string> }) {
  const href = (format: 'csv' | 'json') => `/admin/v1/messages/export${query({ ...search, format })}`;
  return (
    <div class="row msg-export">
      <a class="btn btn-secondary btn-small" href={href('csv')} download>
        Export CSV
      </a>
      <a class="btn btn-secondary btn-small" href={href('json')} download>
        Export JSON
      </a>
    </div>
  );
}
