import { Empty } from '../ui/feedback.tsx';
import { Page } from '../ui/page.tsx';

export function Overview() {
  return (
    <Page title="Overview">
      <Empty>Coming soon.</Empty>
    </Page>
  );
}
