import { Empty } from '../ui/feedback.tsx';
import { Page } from '../ui/page.tsx';

export function Account({ accountId }: { accountId: string }) {
  return (
    <Page title={`Account ${accountId}`}>
      <Empty>Coming soon.</Empty>
    </Page>
  );
}
