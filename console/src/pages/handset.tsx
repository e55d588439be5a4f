import { Empty } from '../ui/feedback.tsx';
import { Page } from '../ui/page.tsx';

export function Handset({ phone }: { phone: string }) {
  return (
    <Page title={phone}>
      <Empty>Coming soon.</Empty>
    </Page>
  );
}
