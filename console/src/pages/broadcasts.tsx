import { Empty } from '../ui/feedback.tsx';
import { Page } from '../ui/page.tsx';

export function Broadcasts() {
  return (
    <Page title="Broadcasts">
      <Empty>Coming soon.</Empty>
    </Page>
  );
}
