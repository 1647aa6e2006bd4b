// @vitest-environment happy-dom
// A part of the UI that loads on first show (the outbox dialog, the update prompt, the indicator panel...): its code
// is not asked for before it is shown, it appears once it has arrived, and it stays mounted when hidden again (a dialog
// closes with its transition and keeps its state).
import { act, render } from '@testing-library/react';
import { lazy, useState } from 'react';
import { expect, it } from 'vitest';
import { WhenShown } from '../../../src/app/components/deferred.tsx';

it('asks for the code only when first shown, then keeps the part mounted', async () => {
  let loads = 0;
  let mounts = 0;
  function Part({ open }: { open: boolean }) {
    useState(() => mounts++);
    return <p>{open ? 'open' : 'closed'}</p>;
  }
  const LazyPart = lazy(async () => {
    loads++;
    return { default: Part };
  });
  let setShown: (v: boolean) => void = () => {};
  function Host() {
    const [shown, set] = useState(false);
    setShown = set;
    return (
      <WhenShown shown={shown}>
        <LazyPart open={shown} />
      </WhenShown>
    );
  }
  const { container } = render(<Host />);
  expect(container.textContent).toBe('');
  expect(loads).toBe(0);

  await act(async () => setShown(true));
  expect(loads).toBe(1);
  expect(container.textContent).toBe('open');

  await act(async () => setShown(false));
  expect(container.textContent).toBe('closed');
  await act(async () => setShown(true));
  expect(mounts).toBe(1);
  expect(loads).toBe(1);
});
