#!/usr/bin/env python3
# Regenerates the sample class (examples/class) from the teacher's solutions:
# one correct student, one student per typical mistake (a mutation of a
# solution, asserted to apply), two archives and a zip-slip archive, in the
# layouts students really hand in; and the same kind of class as an LMS hands
# it out (examples/canvas, examples/moodle) with its roster
# (examples/roster.csv). Archives get fixed timestamps, so
# rerunning it changes nothing unless the solutions changed.
# Non-goal: part of the build (the class is committed; maintainers run this).
import calendar, io, os, shutil, tarfile, zipfile
KIT=os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT=KIT+'/examples/class'
shutil.rmtree(OUT, ignore_errors=True); os.makedirs(OUT)
sol={1:open(KIT+'/solutions/01-naive-kernel/matmul_naive.cu').read(),
     2:open(KIT+'/solutions/02-tile-loading/tile_loading.cu').read(),
     3:open(KIT+'/solutions/03-phase-loop/matmul_tiled.cu').read(),
     4:open(KIT+'/solutions/04-measuring-speedup/speedup.cu').read()}
names={1:'matmul_naive.cu',2:'tile_loading.cu',3:'matmul_tiled.cu',4:'speedup.cu'}
folders={1:'01-naive-kernel',2:'02-tile-loading',3:'03-phase-loop',4:'04-measuring-speedup'}
def student(text, who, lesson):
    # drop the teacher's header comment, put a student's line instead
    lines=text.split('\n'); i=0
    while lines[i].startswith('//'): i+=1
    return f'// {who}: lesson {lesson}\n' + '\n'.join(lines[i:])
def sub(text, old, new, count=1):
    assert old in text, old
    return text.replace(old, new, count)
def quiz(lesson):
    # the teacher's quiz answers, when the course has a quiz
    path=f'{KIT}/solutions/{folders[lesson]}/quiz_answers.yaml'
    return open(path).read() if os.path.exists(path) else None
def write(path, text, lesson=None):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    open(path,'w').write(text)
    if lesson and quiz(lesson):  # a student who keeps one folder per lesson answers its quiz beside the file
        open(os.path.join(os.path.dirname(path),'quiz_answers.yaml'),'w').write(quiz(lesson))
def files(who, mutate={}, lessons=(1,2,3,4)):
    out={}
    for l in lessons:
        t=student(sol[l], who, l)
        if l in mutate: t=mutate[l](t)
        out[l]=t
    return out
# ada: correct, kit layout
for l,t in files('ada').items(): write(f'{OUT}/ada/{folders[l]}/{names[l]}', t, l)
# grace: lesson 3 without the second barrier, flat layout (so no quiz answers: one folder holds one)
def no_second(t):
    return sub(t, '        __syncthreads();  // everyone is done reading: the next phase may overwrite\n', '')
for l,t in files('grace', {3:no_second}).items(): write(f'{OUT}/grace/{names[l]}', t)
# alan: lesson 1 stores C transposed (C[col][row]), src/lessonN layout
def transposed(t):
    return sub(t,'    C[row * n + col] = sum;','    C[col * n + row] = sum;')
for l,t in files('alan', {1:transposed}).items(): write(f'{OUT}/alan/src/lesson{l}/{names[l]}', t, l)
# barbara: lesson 1 without the bounds guard; submitted the whole starter/ folder
def no_guard(t):
    return sub(t,'    if (row >= n || col >= n)\n        return;\n\n','')
for l,t in files('barbara', {1:no_guard}).items(): write(f'{OUT}/barbara/starter/{folders[l]}/{names[l]}', t, l)
# linus: lesson 2 does not compile (a missing semicolon)
def missing_semicolon(t):
    return sub(t,'    __syncthreads();\n','    __syncthreads()\n')
for l,t in files('linus', {2:missing_semicolon}).items(): write(f'{OUT}/linus/hw/{names[l]}', t)
# margaret: only lessons 1 and 2
for l,t in files('margaret', lessons=(1,2)).items(): write(f'{OUT}/margaret/lesson{l}/{names[l]}', t, l)
# archives: fixed timestamps so rebuilding gives the same bytes
STAMP=(2025,1,15,10,0,0)
def zipped(path, entries):
    with zipfile.ZipFile(path,'w',zipfile.ZIP_DEFLATED) as z:
        for name,text in entries:
            info=zipfile.ZipInfo(name, STAMP); info.compress_type=zipfile.ZIP_DEFLATED; info.external_attr=0o644<<16
            z.writestr(info, text)
def tarred(path, entries):
    raw=io.BytesIO()
    with tarfile.open(fileobj=raw, mode='w', format=tarfile.USTAR_FORMAT) as t:
        for name,text in entries:
            data=text.encode(); info=tarfile.TarInfo(name); info.size=len(data); info.mtime=calendar.timegm(STAMP); info.mode=0o644
            t.addfile(info, io.BytesIO(data))
    import gzip
    with open(path,'wb') as f:
        f.write(gzip.compress(raw.getvalue(), mtime=0))
# dennis.zip: lesson 4 reads the elapsed time without waiting for the stop event
def no_event_sync(t):
    return sub(t,'    cudaEventSynchronize(stop);  // launches are asynchronous: wait for the last one\n','')
zipped(f'{OUT}/dennis.zip', [(f'dennis/{folders[l]}/{names[l]}', t) for l,t in files('dennis',{4:no_event_sync}).items()] +
       [(f'dennis/{folders[l]}/quiz_answers.yaml', quiz(l)) for l in (1,2,3,4) if quiz(l)])
# ken.tar.gz: lesson 3 loads the tiles but multiplies from global memory
def global_k_loop(t):
    return sub(t,'            sum += tA[ty][k] * tB[k][tx];','            sum += A[row * n + phase * TILE + k] * B[(phase * TILE + k) * n + col];')
tarred(f'{OUT}/ken.tar.gz', [(f'ken/{names[l]}', t) for l,t in files('ken',{3:global_k_loop}).items()])
# eve.zip: an entry that climbs out of the archive (zip slip); refused, never unpacked
zipped(f'{OUT}/eve.zip', [('eve/'+names[1], files('eve',lessons=(1,))[1]), ('../../outside.txt', 'written outside the work folder\n')])

# What an LMS hands the instructor: the same kind of class as a Canvas download
# (flat files) and a Moodle download (a folder per student), and the roster.
# Canvas flat: <name>[_LATE]_<userid>_<submissionid>_<file>; a re-upload gets -1, -2.
CANVAS=KIT+'/examples/canvas'
shutil.rmtree(CANVAS, ignore_errors=True); os.makedirs(CANVAS)
def canvas(who, late, userid, subid, name, text):
    open(f'{CANVAS}/{who}{"_LATE" if late else ""}_{userid}_{subid}_{name}','w').write(text)
# Ada Lovelace: everything right, handed in as one zip of her kit's folders (quiz answers inside)
zipped(f'{CANVAS}/lovelaceada_1001_5001_ada.zip', [(f'{folders[l]}/{names[l]}', t) for l,t in files('ada').items()] +
       [(f'{folders[l]}/quiz_answers.yaml', quiz(l)) for l in (1,2,3,4) if quiz(l)])
# Seán O'Brien: late; lesson 3 first without the second barrier, then re-uploaded fixed (-1 wins)
for l,t in files('sean').items(): canvas('obriensean', True, 1002, 5002, names[l], no_second(t) if l == 3 else t)
canvas('obriensean', True, 1002, 5002, 'matmul_tiled-1.cu', files('sean')[3])
# Zoë Smith: two candidates for lesson 3: matmul_tiled.cu (transposed tiles) and, newer, "Matmul_Tiled (1).cu" (right)
for l,t in files('zoe', lessons=(1,2)).items(): canvas('smithzoe', False, 1003, 5003, names[l], t)
canvas('smithzoe', False, 1003, 5003, 'matmul_tiled.cu', global_k_loop(files('zoe')[3]))
canvas('smithzoe', False, 1003, 5013, 'Matmul_Tiled (1).cu', files('zoe')[3])
# Nguyễn Văn An: lesson 1 handed in with the wrong extension (.cpp), lesson 2 right
canvas('nguyenan', False, 1004, 5004, 'matmul_naive.cpp', files('an')[1])
canvas('nguyenan', False, 1004, 5004, 'tile_loading.cu', files('an')[2])
# Grace Hopper (1005) is on the roster and handed in nothing.

# Moodle, folders: "<Full Name>_<participantid>_assignsubmission_file_/"
MOODLE=KIT+'/examples/moodle'
shutil.rmtree(MOODLE, ignore_errors=True); os.makedirs(MOODLE)
def moodle(who, pid): return f'{MOODLE}/{who}_{pid}_assignsubmission_file_'
for l,t in files('ada').items(): write(f'{moodle("Ada Lovelace", 1001)}/{folders[l]}/{names[l]}', t, l)
SEAN=moodle("Seán O'Brien", 1002)
for l,t in files('sean', {1:transposed}).items(): write(f'{SEAN}/{names[l]}', t)
for l,t in files('zoe', lessons=(1,2)).items(): write(f'{moodle("Zoë Smith", 1003)}/{names[l]}', t)
os.makedirs(f'{MOODLE}/Zoë Smith_1003_assignsubmission_onlinetext_', exist_ok=True)
open(f'{MOODLE}/Zoë Smith_1003_assignsubmission_onlinetext_/onlinetext.html','w').write('<p>Lesson 3 is late, sorry!</p>\n')

# The roster: Canvas's column names; names with a comma, accents and an apostrophe.
open(KIT+'/examples/roster.csv','w',newline='').write(
    'Student,ID,SIS User ID,SIS Login ID,Email,Section\r\n'
    '"Lovelace, Ada",1001,S1001,ada,ada@example.edu,Section A\r\n'
    '"O\'Brien, Seán",1002,S1002,sobrien,sean.obrien@example.edu,Section A\r\n'
    '"Smith, Zoë",1003,S1003,zsmith,zoe.smith@example.edu,Section B\r\n'
    '"Nguyễn, Văn An",1004,S1004,annguyen,an.nguyen@example.edu,Section B\r\n'
    '"Hopper, Grace",1005,S1005,ghopper,grace.hopper@example.edu,Section B\r\n')
