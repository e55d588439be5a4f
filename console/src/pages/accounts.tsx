import { Empty } from '../ui/feedback.tsx';
import { Page } from '../ui/page.tsx';

export function Accounts() {
  return (
    <Page title="Accounts">
      <Empty>Coming soon.</Empty>
    </Page>
  );
}
