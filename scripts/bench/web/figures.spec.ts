import { bytesCompleteBy, layoutShiftScore, median, totalBlockingTime } from './figures';
import type { RequestRecord } from './network-log';

const request = (url: string, encodedBytes: number): RequestRecord => ({
  url,
  type: 'Script',
  status: 200,
  acceptEncoding: 'gzip, deflate, br, zstd',
  contentEncoding: 'br',
  encodedBytes,
  headerBytes: 300,
  decodedBytes: encodedBytes * 3,
  finished: true,
});

describe('web bench figures', () => {
  it('takes the middle value, or the mean of the two middle ones', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNull();
  });

  it('sums what each task runs beyond 50 ms inside the window, as Lighthouse does', () => {
    const tasks = [
      { start: 0, duration: 200 }, // clipped to [100, 200]: 50 ms blocking
      { start: 300, duration: 120 }, // 70 ms
      { start: 500, duration: 40 }, // under the threshold
      { start: 900, duration: 300 }, // clipped to [900, 1000]: 50 ms
    ];
    expect(totalBlockingTime(tasks, 100, 1000)).toBe(170);
  });

  it('scores layout shifts as the largest session window, leaving out shifts after input', () => {
    const shifts = [
      { time: 100, value: 0.02, hadRecentInput: false },
      { time: 600, value: 0.03, hadRecentInput: false },
      { time: 700, value: 0.5, hadRecentInput: true },
      // more than 1 s after the last one: a new window
      { time: 2000, value: 0.04, hadRecentInput: false },
    ];
    const score = layoutShiftScore(shifts);
    expect(score.sessionWindow).toBeCloseTo(0.05);
    expect(score.sum).toBeCloseTo(0.09);
  });

  it('counts the bytes of responses complete by a time, a file fetched twice twice', () => {
    const requests = [request('http://x/a.js', 100), request('http://x/b.js', 50)];
    requests.push(request('http://x/a.js', 100));
    const responses = [
      { url: 'http://x/a.js', responseEnd: 10 },
      { url: 'http://x/b.js', responseEnd: 30 },
      { url: 'http://x/a.js', responseEnd: 20 },
    ];
    expect(bytesCompleteBy(requests, responses, 25)).toBe(200);
    expect(bytesCompleteBy(requests, responses, 5)).toBe(0);
  });
});
