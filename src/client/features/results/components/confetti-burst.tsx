import { useEffect, useRef } from 'react';

export const CONFETTI_DURATION_MS = 2000;

/**
 * The club's colours (as the page's palette has them now) with gold, white and amber: they read on the
 * dark hero and the white card.
 */
function confettiColours(canvas: HTMLElement): string[] {
  const theme = getComputedStyle(canvas);
  const themed = (name: string, fallback: string) => theme.getPropertyValue(name).trim() || fallback;
  const primary = themed('--color-club-primary', '#da291c');
  return [primary, '#fbe122', '#ffffff', '#f59e0b', primary, themed('--color-primary-soft', '#fcedec')];
}
const PIECES = 140;
const GRAVITY = 1100; // px/s²
const DRAG = 1.6; // per second
const FADE_MS = 600;

interface Piece {
  x: number;
  y: number;
  vx: number;
  vy: number;
  angle: number;
  spin: number;
  width: number;
  height: number;
  wobble: number;
  colour: string;
  round: boolean;
}

function random(min: number, max: number) {
  return min + Math.random() * (max - min);
}

function launch(width: number, height: number, colours: string[]): Piece[] {
  const originX = width / 2;
  const originY = height * 0.45;
  return Array.from({ length: PIECES }, () => {
    // An upward cone, wider than tall, so the burst fans out over the whole card.
    const direction = -Math.PI / 2 + random(-1.15, 1.15);
    const speed = random(380, 820) * Math.min(1.2, Math.max(0.7, height / 320));
    return {
      x: originX + random(-24, 24),
      y: originY + random(-12, 12),
      vx: Math.cos(direction) * speed,
      vy: Math.sin(direction) * speed,
      angle: random(0, Math.PI * 2),
      spin: random(-12, 12),
      width: random(6, 11),
      height: random(4, 7),
      wobble: random(0, Math.PI * 2),
      colour: colours[Math.floor(Math.random() * colours.length)] ?? '#fbe122',
      round: Math.random() < 0.25,
    };
  });
}

interface ConfettiBurstProps {
  /** Called once the 2 s are over, so the parent can take the canvas away. */
  onDone: () => void;
}

/**
 * A 2-second burst of confetti drawn on a canvas laid over its positioned parent. Purely decorative:
 * hidden from assistive technology, lets every click through. The parent leaves it out entirely under
 * reduced motion.
 */
export function ConfettiBurst({ onDone }: ConfettiBurstProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const onDoneRef = useRef(onDone);
  onDoneRef.current = onDone;

  useEffect(() => {
    const canvas = canvasRef.current;
    const context = canvas?.getContext('2d');
    if (!canvas || !context) {
      onDoneRef.current();
      return;
    }
    const ratio = Math.min(window.devicePixelRatio || 1, 2);
    let width = 0;
    let height = 0;
    // Follows the card's size, which may change while the burst runs (a tie line appearing, say).
    const fitToCard = () => {
      if (canvas.clientWidth === width && canvas.clientHeight === height) return;
      width = canvas.clientWidth;
      height = canvas.clientHeight;
      canvas.width = Math.max(1, Math.round(width * ratio));
      canvas.height = Math.max(1, Math.round(height * ratio));
      context.setTransform(ratio, 0, 0, ratio, 0, 0);
    };
    fitToCard();

    const pieces = launch(width, height, confettiColours(canvas));
    let start: number | null = null;
    let previous = 0;
    let frame = requestAnimationFrame(function draw(now) {
      if (start === null) {
        start = now;
        previous = now;
      }
      const elapsed = now - start;
      const dt = Math.min(0.05, (now - previous) / 1000);
      previous = now;
      fitToCard();
      context.clearRect(0, 0, width, height);
      if (elapsed >= CONFETTI_DURATION_MS) {
        onDoneRef.current();
        return;
      }
      context.globalAlpha = Math.min(1, (CONFETTI_DURATION_MS - elapsed) / FADE_MS);
      const slow = Math.exp(-DRAG * dt);
      for (const piece of pieces) {
        piece.vx *= slow;
        piece.vy = piece.vy * slow + GRAVITY * dt;
        piece.x += piece.vx * dt;
        piece.y += piece.vy * dt;
        piece.angle += piece.spin * dt;
        piece.wobble += 10 * dt;
        if (piece.y > height + 20) continue;
        context.save();
        context.translate(piece.x + Math.sin(piece.wobble) * 3, piece.y);
        context.rotate(piece.angle);
        context.fillStyle = piece.colour;
        if (piece.round) {
          context.beginPath();
          context.arc(0, 0, piece.height / 2 + 1, 0, Math.PI * 2);
          context.fill();
        } else {
          // Scaling one axis by the wobble makes the strips flutter as they turn.
          context.scale(1, Math.cos(piece.wobble));
          context.fillRect(-piece.width / 2, -piece.height / 2, piece.width, piece.height);
        }
        context.restore();
      }
      frame = requestAnimationFrame(draw);
    });
    return () => cancelAnimationFrame(frame);
  }, []);

  // The wrapper carries aria-hidden (a bare canvas trips the focusable-element lint rule).
  return (
    <div aria-hidden="true" className="pointer-events-none absolute inset-0 z-10" data-testid="motm-confetti">
      <canvas ref={canvasRef} className="pointer-events-none block size-full" />
    </div>
  );
}
