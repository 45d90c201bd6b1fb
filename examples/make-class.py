#!/usr/bin/env python3
# Regenerates the sample class (examples/class) from the teacher's solutions:
# one correct student, one student per typical mistake (a mutation of a
# solution, asserted to apply), two archives and a zip-slip archive, in the
# layouts students really hand in; and the same kind of class as an LMS hands
# it out (examples/canvas, examples/moodle) with its roster
# (examples/roster.csv). Archives get fixed timestamps, so
# rerunning it changes nothing unless the solutions changed.
# With --lms-fixtures DIR it writes, instead, into DIR the downloads of the
# other layouts (Blackboard, GitHub Classroom clones, a Gradescope export,
# Moodle's flat files), each student handing in files of the sample class's
# students, and DIR/twins.json: per layout, per student id, per lesson, the
# sample class's student whose file is the one to be graded (null: none is).
# The kit's tests grade them (tests/batch/lms_layouts.sh); file times are set,
# so "the newest" is the same everywhere.
# With --planted DIR it writes the planted class of 200 students instead
# (examples/planted_class.py): known mistakes at known rates, planted
# copies, look-alikes, and DIR.json, its manifest; the similarity of
# submissions is checked against it (tests/batch/planted_class.py).
# Non-goal: part of the build (the class is committed; maintainers run this).
import calendar, datetime, io, json, os, shutil, sys, tarfile, zipfile
KIT=os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT=KIT+'/examples/class'
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
# The typical mistakes, each a mutation of a solution.
def no_second(t):  # lesson 3 without the second barrier
    return sub(t, '        __syncthreads();  // everyone is done reading: the next phase may overwrite\n', '')
def transposed(t):  # lesson 1 stores C transposed (C[col][row])
    return sub(t,'    C[row * n + col] = sum;','    C[col * n + row] = sum;')
def no_guard(t):  # lesson 1 without the bounds guard
    return sub(t,'    if (row >= n || col >= n)\n        return;\n\n','')
def missing_semicolon(t):  # lesson 2 does not compile
    return sub(t,'    __syncthreads();\n','    __syncthreads()\n')
def no_event_sync(t):  # lesson 4 reads the elapsed time without waiting for the stop event
    return sub(t,'    cudaEventSynchronize(stop);  // launches are asynchronous: wait for the last one\n','')
def global_k_loop(t):  # lesson 3 loads the tiles but multiplies from global memory
    return sub(t,'            sum += tA[ty][k] * tB[k][tx];','            sum += A[row * n + phase * TILE + k] * B[(phase * TILE + k) * n + col];')
# Each sample student's files: the other layouts hand in these very texts, so
# a student graded there must score what the sample student scores.
SAMPLE={'ada':{}, 'grace':{3:no_second}, 'alan':{1:transposed}, 'barbara':{1:no_guard}, 'linus':{2:missing_semicolon},
        'dennis':{4:no_event_sync}, 'ken':{3:global_k_loop}}
def like(who, lessons=(1,2,3,4)):
    return files(who, SAMPLE[who], lessons)
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
def kit_entries(who, top=''):
    # a student's kit folders (one folder per lesson, quiz answers beside each file), as archive entries
    return [(f'{top}{folders[l]}/{names[l]}', t) for l,t in like(who).items()] + \
           [(f'{top}{folders[l]}/quiz_answers.yaml', quiz(l)) for l in (1,2,3,4) if quiz(l)]

def sample_class():
    shutil.rmtree(OUT, ignore_errors=True); os.makedirs(OUT)
    # ada: correct, kit layout
    for l,t in like('ada').items(): write(f'{OUT}/ada/{folders[l]}/{names[l]}', t, l)
    # grace: lesson 3 without the second barrier, flat layout (so no quiz answers: one folder holds one)
    for l,t in like('grace').items(): write(f'{OUT}/grace/{names[l]}', t)
    # alan: lesson 1 stores C transposed (C[col][row]), src/lessonN layout
    for l,t in like('alan').items(): write(f'{OUT}/alan/src/lesson{l}/{names[l]}', t, l)
    # barbara: lesson 1 without the bounds guard; submitted the whole starter/ folder
    for l,t in like('barbara').items(): write(f'{OUT}/barbara/starter/{folders[l]}/{names[l]}', t, l)
    # linus: lesson 2 does not compile (a missing semicolon)
    for l,t in like('linus').items(): write(f'{OUT}/linus/hw/{names[l]}', t)
    # margaret: only lessons 1 and 2
    for l,t in files('margaret', lessons=(1,2)).items(): write(f'{OUT}/margaret/lesson{l}/{names[l]}', t, l)
    # dennis.zip: lesson 4 reads the elapsed time without waiting for the stop event
    zipped(f'{OUT}/dennis.zip', kit_entries('dennis', 'dennis/'))
    # ken.tar.gz: lesson 3 loads the tiles but multiplies from global memory
    tarred(f'{OUT}/ken.tar.gz', [(f'ken/{names[l]}', t) for l,t in like('ken').items()])
    # eve.zip: an entry that climbs out of the archive (zip slip); refused, never unpacked
    zipped(f'{OUT}/eve.zip', [('eve/'+names[1], files('eve',lessons=(1,))[1]), ('../../outside.txt', 'written outside the work folder\n')])

def lms_examples():
    # What an LMS hands the instructor: the same kind of class as a Canvas download
    # (flat files) and a Moodle download (a folder per student), and the roster.
    # Canvas flat: <name>[_LATE]_<userid>_<submissionid>_<file>; a re-upload gets -1, -2.
    CANVAS=KIT+'/examples/canvas'
    shutil.rmtree(CANVAS, ignore_errors=True); os.makedirs(CANVAS)
    def canvas(who, late, userid, subid, name, text):
        open(f'{CANVAS}/{who}{"_LATE" if late else ""}_{userid}_{subid}_{name}','w').write(text)
    # Ada Lovelace: everything right, handed in as one zip of her kit's folders (quiz answers inside)
    zipped(f'{CANVAS}/lovelaceada_1001_5001_ada.zip', kit_entries('ada'))
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

# The downloads of the other layouts, for the kit's tests (--lms-fixtures DIR).
# Every file is a sample student's own text, so the scores must match theirs;
# twins[layout][id][lesson] names that student (None: nothing graded there).
def dated(path, text, day, minute=0):
    # writes a file (text, or a function writing it) whose time says when it was uploaded (2025-01-DAY);
    # the newest candidate is graded
    os.makedirs(os.path.dirname(path), exist_ok=True)
    if callable(text): text(path)
    else: open(path,'w').write(text)
    t=calendar.timegm((2025,1,day,10,minute,0)); os.utime(path, (t,t))
def lms_fixtures(root):
    shutil.rmtree(root, ignore_errors=True); os.makedirs(root)
    twins={}
    def twin(layout, sid, **lessons):
        twins.setdefault(layout,{})[sid]={f'lesson{l}':lessons.get(f'l{l}') for l in (1,2,3,4)}
    def all4(who): return {f'l{l}':who for l in (1,2,3,4)}

    # Blackboard: "<assignment>_<username>_attempt_<YYYY-MM-DD-HH-MM-SS>_<file>" and the attempt's .txt.
    BB=f'{root}/blackboard'; HW='Tiled Matmul'
    def submitted(when):  # as Blackboard writes it: "Wednesday, January 15, 2025 10:00:00 AM CET"
        d=datetime.datetime.strptime(when, '%Y-%m-%d-%H-%M-%S')
        return d.strftime('%A, %B ') + str(d.day) + d.strftime(', %Y %I:%M:%S %p CET')
    def attempt(user, name, when, handed):  # handed: [(file name, text or a function writing it)]
        stem=f'{BB}/{HW}_{user}_attempt_{when}'
        listing=''
        for fname,text in handed:
            dated(f'{stem}_{fname}', text, int(when[8:10]), int(when[14:16]))
            listing+=f'\tOriginal filename: {fname}\n\tFilename: {HW}_{user}_attempt_{when}_{fname}\n'
        dated(f'{stem}.txt', f'Name: {name} ({user})\nAssignment: {HW}\nDate Submitted: {submitted(when)}\nCurrent Grade: Needs Grading\n\n'
              'Submission Field:\nThere is no student submission text data for this assignment.\n\n'
              f'Comments:\nThere are no student comments for this assignment.\n\nFiles:\n{listing}', int(when[8:10]))
    # Ada Lovelace: two lessons first, then her whole kit as a zip (the latest attempt wins)
    attempt('alovelace', 'Ada Lovelace', '2025-01-14-09-12-40', [(names[l], t) for l,t in like('ada',(1,2)).items()])
    attempt('alovelace', 'Ada Lovelace', '2025-01-15-10-00-00', [('ada.zip', lambda p: zipped(p, kit_entries('ada')))])
    twin('blackboard', 'alovelace', **all4('ada'))
    # Grace Hopper: three attempts; the second and third share every file name (the third's are graded, none overwritten)
    attempt('ghopper', 'Grace Hopper', '2025-01-13-08-00-05', [(names[1], like('grace')[1])])
    attempt('ghopper', 'Grace Hopper', '2025-01-14-23-59-59', [(names[l], t) for l,t in like('ken').items()])
    attempt('ghopper', 'Grace Hopper', '2025-01-15-07-30-00', [(names[l], t) for l,t in like('grace').items()])
    twin('blackboard', 'ghopper', **all4('grace'))
    # Seán O'Brien: two candidates for lesson 1, matmul_naive.cu (transposed) and, newer, "matmul_naive (2).cu"
    attempt('sobrien', "Seán O'Brien", '2025-01-15-11-20-00',
            [(names[1], like('alan')[1])] + [(names[l], t) for l,t in like('linus',(2,3,4)).items()])
    dated(f'{BB}/{HW}_sobrien_attempt_2025-01-15-11-20-00_matmul_naive (2).cu', like('linus')[1], 15, 40)
    twin('blackboard', 'sobrien', **all4('linus'))
    # Nguyễn Văn An: lesson 4 handed in as speedup.cpp (not graded)
    attempt('annguyen', 'Nguyễn Văn An', '2025-01-15-12-00-00',
            [(names[l], t) for l,t in like('ken',(1,2,3)).items()] + [('speedup.cpp', like('ken')[4])])
    twin('blackboard', 'annguyen', l1='ken', l2='ken', l3='ken')
    # a file of nobody's: listed with the reason, never graded
    dated(f'{BB}/notes from the TA.txt', 'grade lesson 3 first\n', 16)

    # Moodle, flat: "<Full Name>_<participantid>_assignsubmission_file_<file>" (no folder per student)
    MF=f'{root}/moodle-flat'
    def mflat(who, pid, fname, text, day=15, minute=0):
        dated(f'{MF}/{who}_{pid}_assignsubmission_file_{fname}', text, day, minute)
    mflat('Ada Lovelace', 1001, 'ada.zip', lambda p: zipped(p, kit_entries('ada')))
    twin('moodle-flat', '1001', **all4('ada'))
    for l,t in like('grace').items(): mflat("Seán O'Brien", 1002, names[l], t)
    twin('moodle-flat', '1002', **all4('grace'))
    # Zoë Smith: two candidates for lesson 3: matmul_tiled.cu (a race) and, newer, "Matmul_Tiled (1).cu"
    for l,t in like('ken',(1,2,4)).items(): mflat('Zoë Smith', 1003, names[l], t)
    mflat('Zoë Smith', 1003, names[3], like('grace')[3], 14)
    mflat('Zoë Smith', 1003, 'Matmul_Tiled (1).cu', like('ken')[3], 15, 30)
    twin('moodle-flat', '1003', **all4('ken'))
    # Nguyễn Văn An: lesson 4 saved as speedup.cu.txt (not graded); online text beside the files
    for l,t in like('linus',(1,2,3)).items(): mflat('Nguyễn Văn An', 1004, names[l], t)
    mflat('Nguyễn Văn An', 1004, 'speedup.cu.txt', like('linus')[4])
    dated(f'{MF}/Nguyễn Văn An_1004_assignsubmission_onlinetext_onlinetext.html', '<p>Lesson 4 would not upload as .cu</p>\n', 15)
    twin('moodle-flat', '1004', l1='linus', l2='linus', l3='linus')

    # GitHub Classroom: `gh classroom clone student-repos` gives "<assignment>-<username>/", each a clone.
    GH=f'{root}/github'
    def repo(user, layout):  # layout: [(path in the repository, text)]
        top=f'{GH}/tiled-matmul-{user}'
        for path,text in layout: write(f'{top}/{path}', text)
        write(f'{top}/README.md', '# Tiled matmul\n\nRun `build/grader/grader check` before you push.\n')
        write(f'{top}/.git/HEAD', 'ref: refs/heads/main\n')
        write(f'{top}/.git/config', '[core]\n\trepositoryformatversion = 0\n\tbare = false\n'
              f'[remote "origin"]\n\turl = https://github.com/cuda-course/tiled-matmul-{user}.git\n\tfetch = +refs/heads/*:refs/remotes/origin/*\n'
              '[branch "main"]\n\tremote = origin\n\tmerge = refs/heads/main\n')
        write(f'{top}/.git/refs/heads/main', '0123456789abcdef0123456789abcdef01234567\n')
        write(f'{top}/.git/packed-refs', '# pack-refs with: peeled fully-peeled sorted\n')
        os.makedirs(f'{top}/.git/objects/pack', exist_ok=True)
    repo('ada-lovelace', kit_entries('barbara', 'starter/'))
    twin('github', 'ada-lovelace', **all4('barbara'))
    repo('seanob', kit_entries('dennis', ''))
    twin('github', 'seanob', **all4('dennis'))
    repo('zoe-smith', [(f'src/lesson{l}/{names[l]}', t) for l,t in like('alan').items()] +
                      [(f'src/lesson{l}/quiz_answers.yaml', quiz(l)) for l in (1,2,3,4) if quiz(l)])
    twin('github', 'zoe-smith', **all4('alan'))

    # Gradescope: the export's submission_metadata.yml (Ruby symbol keys) beside submission_<id>/ folders.
    GS=f'{root}/gradescope'
    for path,text in kit_entries('ada', ''): write(f'{GS}/submission_211001/{path}', text)
    for l,t in like('ken').items(): write(f'{GS}/submission_211002/{names[l]}', t)
    for path,text in kit_entries('dennis', 'starter/'): write(f'{GS}/submission_211003/{path}', text)
    meta=[('submission_211001', [('Ada Lovelace','1001','ada@example.edu')], '2025-01-15 10:00:00'),
          ('submission_211002', [("Seán O'Brien",'1002','sean.obrien@example.edu'), ('Zoë Smith','1003','zoe.smith@example.edu')], '2025-01-15 11:45:12'),
          ('submission_211003', [('Nguyễn Văn An','1004','an.nguyen@example.edu')], '2025-01-16 09:03:27')]
    yml=''
    for folder,people,when in meta:
        yml+=f'{folder}:\n  :submitters:\n'
        for name,sid,email in people:
            yml+=f'  - :name: {name}\n    :sid: \'{sid}\'\n    :email: {email}\n'
        yml+=f'  :created_at: {when}.000000000 +01:00\n  :score: \n  :status: processed\n'
    write(f'{GS}/submission_metadata.yml', yml)
    twin('gradescope', '1001', **all4('ada'))
    twin('gradescope', '1002', **all4('ken'))  # a group submission: both students get its score
    twin('gradescope', '1003', **all4('ken'))
    twin('gradescope', '1004', **all4('dennis'))

    open(f'{root}/twins.json','w').write(json.dumps(twins, indent=1, ensure_ascii=False, sort_keys=True)+'\n')

if __name__ == '__main__':
    if len(sys.argv) == 3 and sys.argv[1] == '--planted':
        sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
        import planted_class
        planted_class.planted_class(KIT, os.path.abspath(sys.argv[2]))
    elif len(sys.argv) == 3 and sys.argv[1] == '--lms-fixtures':
        lms_fixtures(os.path.abspath(sys.argv[2]))
    elif len(sys.argv) == 1:
        sample_class(); lms_examples()
    else:
        sys.exit('usage: make-class.py [--lms-fixtures DIR]')
