import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIVE_PAUSED, LIVE_PAUSED_DELAY_MS, LiveStatus } from './components/live-status.tsx';

const note = () => screen.queryByText(LIVE_PAUSED);

describe('LiveStatus', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('says nothing while the stream is up', () => {
    render(<LiveStatus down={false} />);
    act(() => vi.advanceTimersByTime(10_000));
    expect(note()).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('shows the note only after the stream has been down for two seconds', () => {
    render(<LiveStatus down />);
    act(() => vi.advanceTimersByTime(LIVE_PAUSED_DELAY_MS - 100));
    expect(note()).toBeNull();
    act(() => vi.advanceTimersByTime(100));
    expect(screen.getByRole('status').textContent).toBe(LIVE_PAUSED);
  });

  it('hides the note as soon as the stream is back, and waits again at the next drop', () => {
    const { rerender } = render(<LiveStatus down />);
    act(() => vi.advanceTimersByTime(LIVE_PAUSED_DELAY_MS));
    expect(note()).not.toBeNull();
    rerender(<LiveStatus down={false} />);
    expect(note()).toBeNull();
    rerender(<LiveStatus down />);
    act(() => vi.advanceTimersByTime(LIVE_PAUSED_DELAY_MS - 100));
    expect(note()).toBeNull();
    act(() => vi.advanceTimersByTime(100));
    expect(note()).not.toBeNull();
  });

  it('says nothing for a drop shorter than the delay', () => {
    const { rerender } = render(<LiveStatus down />);
    act(() => vi.advanceTimersByTime(1_500));
    rerender(<LiveStatus down={false} />);
    act(() => vi.advanceTimersByTime(5_000));
    expect(note()).toBeNull();
  });
});
