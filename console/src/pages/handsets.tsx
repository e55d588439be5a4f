import { Empty } from '../ui/feedback.tsx';
import { Page } from '../ui/page.tsx';

export function Handsets() {
  return (
    <Page title="Handsets">
      <Empty>Coming soon.</Empty>
    </Page>
  );
}
