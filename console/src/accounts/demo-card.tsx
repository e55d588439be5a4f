import type { Static } from '@sinclair/typebox';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { DemoAccount, DemoExample } from '../../../src/features/admin/demo-schemas.ts';
import { api } from '../api.ts';
import { useAction } from '../hooks.ts';
import { Link } from '../router.tsx';
import { useSession } from '../session.ts';
import { Button } from '../ui/controls.tsx';
import { CopyButton, ErrorNote } from '../ui/feedback.tsx';
import { Card, Facts } from '../ui/page.tsx';
import './demo.css';

type Demo = Static<typeof DemoAccount>;
type Example = Static<typeof DemoExample>;

/** One example: what it does, its lines as they are pasted, and a copy button for them. */
function ExampleLines({ example }: { example: Example }) {
  const text = example.lines.join('\n');
  const headingId = `demo-${example.name}`;
  return (
    <section class="demo-example" aria-labelledby={headingId}>
      <div class="demo-example-head">
        <h4 id={headingId}>{example.title}</h4>
        <CopyButton text={text} label={`Copy ${example.title} lines`} />
      </div>
      <p class="muted">{example.description}</p>
      <pre class="demo-lines" data-copy-source={text}>
        <code>{text}</code>
      </pre>
    </section>
  );
}

/**
 * The demo's answer: what it made, then every example's curl lines with their copy buttons. The
 * API key is in the lines and shown only here, so the box says so and stays until dismissed.
 */
function DemoResult({ demo, onDone }: { demo: Demo; onDone: () => void }) {
  const box = useRef<HTMLElement>(null);
  useEffect(() => {
    box.current?.focus();
  }, [demo.apiKey]);
  const all = demo.examples.map((e) => `# ${e.title}\n${e.lines.join('\n')}`).join('\n\n');
  return (
    <section class="shown-once demo-result" aria-label="Demo account ready" tabIndex={-1} ref={box}>
      <h3 class="shown-once-title">
        Demo account ready
        <span class="shown-once-badge">key shown once</span>
      </h3>
      <p>
        {demo.reused ? 'The demo account made earlier, ' : 'A new account, '}
        <Link href={`/accounts/${demo.accountId}`}>{demo.name}</Link>{' '}
        {demo.reused ? 'with a new API key' : 'with its API key'}. Paste these lines into a shell: they call
        the gateway at <code>{demo.baseUrl}</code> and send to the sandbox handset{' '}
        <Link href={`/sandbox/handsets/${demo.handset}`}>{demo.handset}</Link>, whose inbox shows them live.
      </p>
      <Facts
        rows={[
          ['API key', <code key="k">{demo.apiKey}</code>],
          ['Sender number', <code key="s">{demo.sender}</code>],
          [
            'Sender profile',
            <span key="p">
              <code>{demo.senderKey}</code>, template <code>{demo.templateCode}</code> (approved)
            </span>,
          ],
          ['RCS brand', <code key="b">{demo.brandKey}</code>],
        ]}
      />
      <p class="shown-once-warn">
        <strong>The key will not be shown again.</strong> Copy the lines now; the gateway keeps only what it
        needs to check the key.
      </p>
      <div class="row">
        <CopyButton text={all} label="Copy all lines" />
      </div>
      {/* Without clipboard access, "Copy all lines" selects them all here for Ctrl+C. */}
      <div class="demo-examples" data-copy-source={all}>
        {demo.examples.map((e) => (
          <ExampleLines key={e.name} example={e} />
        ))}
      </div>
      <div class="row">
        <Button size="small" onClick={onDone}>
          I have copied them
        </Button>
      </div>
    </section>
  );
}

/**
 * The first hour in one click: POST /admin/v1/demo, as `omnigate demo` does from a shell. Not
 * shown without the sandbox, where the gateway refuses the demo (its lines send to a handset of it).
 */
export function DemoCard({ onCreated }: { onCreated: () => void }) {
  const { sandbox } = useSession();
  const [demo, setDemo] = useState<Demo | null>(null);
  const action = useAction();
  const create = async () => {
    let answer: Demo | null = null;
    const ok = await action.run(async () => {
      answer = await api.post<Demo>('/admin/v1/demo');
    });
    if (ok && answer) {
      setDemo(answer);
      onCreated();
    }
  };
  if (!sandbox) return null;
  return (
    <Card title="Try it: a demo account">
      <p class="card-intro muted">
        One account that can send on every channel at once: a sender number, a sender profile with an approved
        informational template, an RCS brand and a new API key, with curl lines for a first SMS, LMS, MMS,
        informational message, RCS and brand message to a sandbox handset. Clicked again, it reuses the
        account and makes another key. The same as <code>omnigate demo</code>.
      </p>
      <Button variant="primary" busy={action.busy} onClick={create}>
        Create demo account
      </Button>
      <ErrorNote error={action.error} />
      {demo && <DemoResult demo={demo} onDone={() => setDemo(null)} />}
    </Card>
  );
}
