import { Empty } from '../ui/feedback.tsx';
import { Page } from '../ui/page.tsx';

export function Reservations() {
  return (
    <Page title="Reservations">
      <Empty>Coming soon.</Empty>
    </Page>
  );
}
