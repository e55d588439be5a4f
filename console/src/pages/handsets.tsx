import { useState } from 'preact/hooks';
import { api, query } from '../api.ts';
import { count, time } from '../format.ts';
import { useLoad } from '../hooks.ts';
import { Link, navigate, useLocation } from '../router.tsx';
import type { ActiveHandset, HandsetsList } from '../sandbox/types.ts';
import { Button, TextField } from '../ui/controls.tsx';
import { Empty, ErrorNote, Loading } from '../ui/feedback.tsx';
import { Card, Page } from '../ui/page.tsx';
import '../sandbox/sandbox.css';

const PAGE = 50;
/** New numbers and unread counts show within this. */
const POLL_MS = 3000;
const NUMBER = /^[0-9]{8,15}$/;

function Unread({ h }: { h: ActiveHandset }) {
  if (h.unread === 0) return <span class="muted">0</span>;
  const n = `${count(h.unread)}${h.unreadCapped ? '+' : ''}`;
  return (
    <span class="badge sb-unread" title={`${n} unread`}>
      {n}
      <span class="sr-only"> unread</span>
    </span>
  );
}

/** Opens any number's inbox, whether or not it received anything yet. */
function OpenNumber() {
  const [phone, setPhone] = useState('');
  const valid = NUMBER.test(phone.trim());
  return (
    <form
      class="form"
      onSubmit={(e) => {
        e.preventDefault();
        if (valid) navigate(`/sandbox/handsets/${phone.trim()}`);
      }}
    >
      <TextField
        label="Open a number"
        value={phone}
        onValue={setPhone}
        inputMode="numeric"
        placeholder="01012345678"
        hint="8 to 15 digits: its inbox, live, and its settings"
      />
      <Button type="submit" variant="primary" disabled={!valid}>
        Open
      </Button>
    </form>
  );
}

export function Handsets() {
  // The search is in the address: back from a number's inbox finds the list as it was.
  const search = useLocation().search.get('search') ?? '';
  const setSearch = (s: string) => navigate(`/sandbox/handsets${query({ search: s })}`, { replace: true });
  const [typed, setTyped] = useState(search);
  // The `after` of each page shown before this one (Newer goes back through them).
  const [cursors, setCursors] = useState<Array<number | undefined>>([undefined]);
  const after = cursors.at(-1);
  const list = useLoad(
    () => api.get<HandsetsList>(`/sandbox/v1/handsets${query({ search, after, limit: PAGE })}`),
    [search, after],
    POLL_MS,
  );
  const searchBad = typed !== '' && !/^[0-9]{1,15}$/.test(typed);
  const data = list.data;

  return (
    <Page title="Handsets" subtitle="Numbers that received anything, the most recent first">
      <Card>
        <div class="sb-tools">
          <form
            class="form"
            onSubmit={(e) => {
              e.preventDefault();
              if (searchBad) return;
              setSearch(typed);
              setCursors([undefined]);
            }}
          >
            <TextField
              label="Search by number"
              value={typed}
              onValue={setTyped}
              inputMode="numeric"
              hint={searchBad ? 'Digits only, please' : 'Digits anywhere in the number'}
            />
            <Button type="submit" disabled={searchBad}>
              Search
            </Button>
            {search && (
              <Button
                variant="ghost"
                onClick={() => {
                  setTyped('');
                  setSearch('');
                  setCursors([undefined]);
                }}
              >
                Clear
              </Button>
            )}
          </form>
          <OpenNumber />
        </div>
      </Card>
      <Card title={search ? `Numbers with ${search}` : 'Active numbers'}>
        <ErrorNote error={list.error} />
        {list.loading && !data ? (
          <Loading />
        ) : data && data.handsets.length === 0 && !data.hasMore ? (
          <Empty>
            {search
              ? `No number with ${search} received anything.`
              : 'No handset received anything yet. Send a message through the client API and it shows up here.'}
          </Empty>
        ) : (
          data && (
            <>
              {data.handsets.length > 0 ? (
                <div class="table-wrap">
                  <table>
                    <thead>
                      <tr>
                        <th>Number</th>
                        <th class="num">Unread</th>
                        <th class="num">Messages</th>
                        <th>Last activity</th>
                      </tr>
                    </thead>
                    <tbody>
                      {data.handsets.map((h) => (
                        <tr key={h.phone}>
                          <td>
                            <Link href={`/sandbox/handsets/${h.phone}`} class="mono">
                              {h.phone}
                            </Link>
                          </td>
                          <td class="num">
                            <Unread h={h} />
                          </td>
                          <td class="num">
                            {count(h.count)}
                            {h.countCapped ? '+' : ''}
                          </td>
                          <td>{time(h.lastAt)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              ) : (
                <p class="muted">No more numbers in this part of the inbox; older ones may follow.</p>
              )}
              <div class="row sb-pager">
                <Button
                  size="small"
                  disabled={cursors.length <= 1}
                  onClick={() => setCursors(cursors.slice(0, -1))}
                >
                  Newer
                </Button>
                <Button
                  size="small"
                  disabled={!data.hasMore || data.after === null}
                  onClick={() => setCursors([...cursors, data.after ?? undefined])}
                >
                  {data.handsets.length < PAGE && data.hasMore ? 'Look further back' : 'Older'}
                </Button>
              </div>
            </>
          )
        )}
      </Card>
    </Page>
  );
}
