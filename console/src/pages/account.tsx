import { BrandsCard } from '../accounts/brands-card.tsx';
import { KeysCard } from '../accounts/keys-card.tsx';
import { LimitsCard } from '../accounts/limits-card.tsx';
import { ProfilesCard } from '../accounts/profiles-card.tsx';
import { SendersCard } from '../accounts/senders-card.tsx';
import { type AccountDetail, accountPath } from '../accounts/types.ts';
import { WebhookCard } from '../accounts/webhook-card.tsx';
import { api } from '../api.ts';
import { time } from '../format.ts';
import { useLoad } from '../hooks.ts';
import { Link } from '../router.tsx';
import { Badge, ErrorNote, Loading } from '../ui/feedback.tsx';
import { Card, Facts, Page } from '../ui/page.tsx';
import '../accounts/accounts.css';

/** One account: its keys, what it may send as, where its reports go and its limits. */
export function Account({ accountId }: { accountId: string }) {
  const detail = useLoad(() => api.get<AccountDetail>(accountPath(accountId)), [accountId]);
  const a = detail.data;
  const back = <Link href="/accounts">← All accounts</Link>;
  if (!a) {
    return (
      <Page title={`Account ${accountId}`} subtitle={back}>
        {detail.error ? <ErrorNote error={detail.error} /> : <Loading label="Loading the account" />}
      </Page>
    );
  }
  const reload = detail.reload;
  return (
    <Page
      title={a.name}
      subtitle={back}
      actions={<Link href={`/mo?accountId=${encodeURIComponent(a.accountId)}`}>MO messages</Link>}
    >
      <ErrorNote error={detail.error} />
      <Card title="Account">
        <Facts
          rows={[
            ['Account ID', <code key="id">{a.accountId}</code>],
            ['Created', time(a.createdAt)],
            ['Reports', <Badge key="mode" status={a.reportMode} />],
            ['Active keys', String(a.keys.filter((k) => k.revokedAt === null).length)],
          ]}
        />
      </Card>
      <KeysCard accountId={a.accountId} keys={a.keys} onChanged={reload} />
      <div class="account-grid">
        <SendersCard accountId={a.accountId} senders={a.senders} onChanged={reload} />
        <LimitsCard accountId={a.accountId} limits={a.limits} onChanged={reload} />
      </div>
      <WebhookCard accountId={a.accountId} webhook={a.webhook} reportMode={a.reportMode} onChanged={reload} />
      <ProfilesCard accountId={a.accountId} profiles={a.senderProfiles} onChanged={reload} />
      <BrandsCard accountId={a.accountId} brands={a.rcsBrands} onChanged={reload} />
    </Page>
  );
}
