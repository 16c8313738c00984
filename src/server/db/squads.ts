import type { Position } from '@shared/domain';

export interface SquadEntry {
  name: string;
  position: Position;
  jerseyNumber: number | null;
}

/**
 * First-team squads seeded on an empty database, by club name. Numbers as registered for the
 * 2025/26 season; admins keep the squad current from Squad Management.
 */
export const SQUADS: Record<string, SquadEntry[]> = {
  'Manchester United': [
    { name: 'Altay Bayındır', position: 'Goalkeeper', jerseyNumber: 1 },
    { name: 'Senne Lammens', position: 'Goalkeeper', jerseyNumber: 31 },
    { name: 'Tom Heaton', position: 'Goalkeeper', jerseyNumber: 22 },
    { name: 'Diogo Dalot', position: 'Right-Back', jerseyNumber: 2 },
    { name: 'Noussair Mazraoui', position: 'Right-Back', jerseyNumber: 3 },
    { name: 'Matthijs de Ligt', position: 'Centre-Back', jerseyNumber: 4 },
    { name: 'Harry Maguire', position: 'Centre-Back', jerseyNumber: 5 },
    { name: 'Lisandro Martínez', position: 'Centre-Back', jerseyNumber: 6 },
    { name: 'Tyrell Malacia', position: 'Left-Back', jerseyNumber: 12 },
    { name: 'Patrick Dorgu', position: 'Left-Back', jerseyNumber: 13 },
    { name: 'Leny Yoro', position: 'Centre-Back', jerseyNumber: 15 },
    { name: 'Luke Shaw', position: 'Left-Back', jerseyNumber: 23 },
    { name: 'Ayden Heaven', position: 'Centre-Back', jerseyNumber: 26 },
    { name: 'Tyler Fredricson', position: 'Centre-Back', jerseyNumber: 33 },
    { name: 'Mason Mount', position: 'Attacking Midfield', jerseyNumber: 7 },
    { name: 'Bruno Fernandes', position: 'Central Midfield', jerseyNumber: 8 },
    { name: 'Casemiro', position: 'Defensive Midfield', jerseyNumber: 18 },
    { name: 'Manuel Ugarte', position: 'Defensive Midfield', jerseyNumber: 25 },
    { name: 'Kobbie Mainoo', position: 'Central Midfield', jerseyNumber: 37 },
    { name: 'Jack Fletcher', position: 'Central Midfield', jerseyNumber: 41 },
    { name: 'Matheus Cunha', position: 'Left Winger', jerseyNumber: 10 },
    { name: 'Joshua Zirkzee', position: 'Centre-Forward', jerseyNumber: 11 },
    { name: 'Amad Diallo', position: 'Right Winger', jerseyNumber: 16 },
    { name: 'Bryan Mbeumo', position: 'Right Winger', jerseyNumber: 19 },
    { name: 'Benjamin Šeško', position: 'Striker', jerseyNumber: 30 },
    { name: 'Chido Obi', position: 'Striker', jerseyNumber: 32 },
    { name: 'Ruben Amorim', position: 'Manager', jerseyNumber: null },
  ],
};
